import type { ReactNode } from 'react';

/** Auth and public pages: no navbar, toolbar or footer. */
export function EmptyLayout({ children }: { children: ReactNode }) {
  return <div className="min-h-screen bg-slate-50">{children}</div>;
}
