// "Find on LinkedIn": LinkedIn's own search for a person (with their company) or a company, in a new tab.
import { Search } from 'lucide-react';
import { linkedInCompanySearchUrl, linkedInPeopleSearchUrl } from '@/lib/leads/linkedin-search';
import { cn } from '@/lib/utils';

export type LinkedInSearchLinkProps = ({ person: string; company: string } | { person?: undefined; company: string }) & { className?: string };

export function LinkedInSearchLink({ person, company, className }: LinkedInSearchLinkProps) {
  const href = person === undefined ? linkedInCompanySearchUrl(company) : linkedInPeopleSearchUrl(person, company);
  if (!href) return null;
  // The company's name stays out of the link's name: beside the company's own link it would make two links of that name.
  const what = person === undefined ? 'this company' : person.trim();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      data-testid={person === undefined ? 'linkedin-company-search' : 'linkedin-person-search'}
      className={cn(
        'inline-flex min-h-6 min-w-0 items-center gap-1.5 rounded-sm text-primary underline-offset-4 hover:underline [&_svg]:size-4 [&_svg]:shrink-0',
        className,
      )}
    >
      <Search aria-hidden="true" />
      Find on LinkedIn
      <span className="sr-only">: search for {what} (opens in a new tab)</span>
    </a>
  );
}
