// Export CSV: a plain download link, so the browser streams the server's file to disk however many
// leads match (docs/product/DECISIONS.md: the export covers the whole filtered result, not the loaded page).
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { leadsExportUrl } from '../api';
import type { LeadQueryFilter } from '@/lib/leads/view-params';

export function ExportCsvButton({ filter }: { filter: LeadQueryFilter }) {
  return (
    <Button asChild variant="outline">
      {/* The server names the file (fundwire-leads-YYYY-MM-DD.csv) in Content-Disposition. */}
      <a href={leadsExportUrl(filter)} download data-testid="export-csv">
        <Download aria-hidden="true" />
        Export CSV
      </a>
    </Button>
  );
}
