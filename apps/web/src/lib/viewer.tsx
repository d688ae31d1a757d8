// Who is looking, for the pieces that differ for an admin (a bounced address and its Undo) without each feature
// reading the session itself. The app's root layout provides it from /api/me.
import { createContext, useContext, useMemo, type ReactNode } from 'react';

export interface Viewer {
  admin: boolean;
}

const ViewerContext = createContext<Viewer>({ admin: false });

export function ViewerProvider({ admin, children }: Viewer & { children: ReactNode }) {
  const viewer = useMemo(() => ({ admin }), [admin]);
  return <ViewerContext.Provider value={viewer}>{children}</ViewerContext.Provider>;
}

export function useViewer(): Viewer {
  return useContext(ViewerContext);
}
