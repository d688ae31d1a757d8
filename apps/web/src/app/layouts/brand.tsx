import { PRODUCT_NAME } from '@fundwire/shared';
import { TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/utils';
import { paths } from '@/config/paths';

const brandClass = 'inline-flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight text-foreground';

function BrandContent() {
  return (
    <>
      <span aria-hidden="true" className="flex size-7 items-center justify-center rounded-md bg-primary text-primary-foreground">
        <TrendingUp className="size-4" strokeWidth={2.5} />
      </span>
      {PRODUCT_NAME}
    </>
  );
}

/** The logo mark and product name, linking home. */
export function Brand({ className, onClick }: { className?: string; onClick?: () => void }) {
  return (
    <Link to={paths.home} onClick={onClick} className={cn(brandClass, className)}>
      <BrandContent />
    </Link>
  );
}

/** The same mark as plain text, for places (the footer) where a second home link would be noise. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span className={cn(brandClass, className)}>
      <BrandContent />
    </span>
  );
}
