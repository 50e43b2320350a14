import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { StateBox } from '../../ui/StateBox.tsx';

/** Stands in for a screen not built yet, telling the user so in their words, and what to do meanwhile. */
export function ComingSoon({
  title,
  documentTitle,
  arrives,
  children,
}: {
  title: string;
  documentTitle?: string;
  arrives: string;
  children?: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} {...(documentTitle ? { documentTitle } : {})} />
      {children}
      <StateBox icon={<Construction size={22} aria-hidden="true" />}>
        <p>{arrives}</p>
      </StateBox>
    </>
  );
}
