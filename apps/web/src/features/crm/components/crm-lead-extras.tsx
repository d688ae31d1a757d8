// What the lead screens add for CRMs, through the lead pieces' extension points: "In HubSpot" beside a lead's name,
// Send on its card or row, and Send for a table selection. Inside a CrmProvider.
import type { LeadExtras } from '@/components/leads/lead-extras';
import { CrmRecordLinks } from './crm-record-links';
import { SendToCrm } from './send-to-crm';

export const crmLeadExtras: LeadExtras = {
  status: (lead) => <CrmRecordLinks leadId={lead.id} subject={lead.companyName} />,
  actions: (lead, place) => <SendToCrm leadIds={[lead.id]} subject={lead.companyName} place={place} />,
  selectionActions: (selected) => <SendToCrm leadIds={selected.map((lead) => lead.id)} subject="the selected leads" place="selection" />,
};
