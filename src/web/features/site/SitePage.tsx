import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import type { SitePage as SitePageName } from '../../../shared/schemas/site.ts';
import { useSitePage } from '../../api/site.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { StateBox } from '../../ui/StateBox.tsx';
import styles from './SitePage.module.css';

/**
 * About, Terms of Service, Privacy Policy, Blog and Tools: Markdown the operator edits (content/,
 * or CONTENT_DIR), rendered and sanitised by the server.
 */
export function SitePage({ page }: { page: SitePageName }) {
  const query = useSitePage(page);
  const navigate = useNavigate();
  // links to the app's own pages move within it instead of reloading it
  const followInside = (event: MouseEvent<HTMLElement>) => {
    const link = (event.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href');
    if (!href?.startsWith('/') || href.startsWith('//') || link?.target || event.metaKey || event.ctrlKey)
      return;
    event.preventDefault();
    navigate(href);
  };

  if (query.isPending)
    return (
      <div className={styles.loading} aria-busy="true">
        <Spinner size={20} />
        <span>Loading...</span>
      </div>
    );
  if (query.isError)
    return (
      <StateBox role="alert">
        <p>Sorry, something goes wrong, please retry later.</p>
      </StateBox>
    );
  return (
    <>
      <title>{`${query.data.title} · Folio`}</title>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the links inside keep their own keyboard behaviour */}
      <article
        className={styles.page}
        onClick={followInside}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (modules/site/pages.ts)
        dangerouslySetInnerHTML={{ __html: query.data.html }}
      />
    </>
  );
}

export const AboutPage = () => <SitePage page="about" />;
export const TermsPage = () => <SitePage page="terms" />;
export const PrivacyPage = () => <SitePage page="privacy" />;
export const BlogPage = () => <SitePage page="blog" />;
export const ToolsPage = () => <SitePage page="tools" />;
