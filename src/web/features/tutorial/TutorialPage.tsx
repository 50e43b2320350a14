import { useNavigate } from 'react-router';
import { isSignedIn } from '../../../shared/schemas/values.ts';
import { useUserInfo } from '../../api/user-info.ts';
import { links } from '../../lib/links.ts';
import { Button } from '../../ui/Button.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useShowGuide } from '../guides/GuideProvider.tsx';
import styles from './Tutorial.module.css';

/**
 * /tutorial: static welcome text (spec part 2 §2), with a way to replay the library guide, which
 * stands beside the library's controls: the tour opens the library.
 */
export function TutorialPage() {
  const showGuide = useShowGuide();
  const navigate = useNavigate();
  const { data: info } = useUserInfo();
  const me = isSignedIn(info) ? info : null;
  return (
    <article className={styles.article}>
      <PageHeader title="Welcome to Folio" documentTitle="Tutorial · Folio" />
      <p>
        Folio keeps the web you care about. Save a page and it stays readable even if the original changes;
        highlight passages in four colours and add sticky notes to remember why they mattered.
      </p>
      <h2>Save</h2>
      <p>
        Add bookmarks, upload PDFs and images, write notes or import your Kindle highlights. Tag them as you
        go; tags are suggested from what you already use.
      </p>
      <h2>Find</h2>
      <p>
        Filter your library by type, tag, or what you have not read yet. Search understands #tags, @sites,
        "exact phrases", NOT and OR.
      </p>
      <h2>Organise and share</h2>
      <p>
        Gather highlights into outliners, share them with a link, send items to your groups, or keep
        everything private. It is your library.
      </p>
      {me ? (
        <div className={styles.actions}>
          <Button
            variant="primary"
            onClick={() => {
              navigate(links.library(me.name));
              showGuide('library');
            }}
          >
            Take the tour
          </Button>
        </div>
      ) : null}
    </article>
  );
}
