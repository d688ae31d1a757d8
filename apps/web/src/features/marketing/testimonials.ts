// The landing page's three fixed quotes (docs/product/SPEC.md "Landing page"; section 9: one claims a 40% conversion increase).
export interface Testimonial {
  quote: string;
  name: string;
  role: string;
}

export const TESTIMONIALS: Testimonial[] = [
  {
    quote:
      'We reach founders the week they close their round instead of a quarter later. Our outbound conversion went up 40% in the first two months.',
    name: 'Maya Chen',
    role: 'Head of Sales, Northbeam Analytics',
  },
  {
    quote:
      'The Monday email is the first thing my team opens. Every lead has the right person and a working email, so we spend the week selling, not researching.',
    name: 'Daniel Okafor',
    role: 'Business Development Lead, Fieldstack',
  },
  {
    quote: 'The CSV export drops straight into our CRM. It replaced two tools and a lot of manual digging through press releases.',
    name: 'Sofia Lindqvist',
    role: 'Founder, Relay Partners',
  },
];
