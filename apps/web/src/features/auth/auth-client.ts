// better-auth's browser client, talking to the server's /api/auth/* on this origin with the session cookie.
// Google is a generic-OAuth provider on the server; better-auth 1.7 signs in with it (like GitHub and
// Twitter) through POST /api/auth/sign-in/social, so no client plugin is needed.
import { createAuthClient } from 'better-auth/react';

export const authClient = createAuthClient({ baseURL: window.location.origin });

export type AuthClient = typeof authClient;

export type SocialProvider = 'google' | 'github' | 'twitter';
