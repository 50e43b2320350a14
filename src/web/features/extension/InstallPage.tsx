import { Download } from 'lucide-react';
import { urlOf } from '../../../shared/api/define.ts';
import { extensionCalls } from '../../../shared/api/extension.ts';
import { buttonClass } from '../../ui/Button.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import styles from './ExtensionPages.module.css';

/**
 * /extension: the Folio browser extension and how to install it in Chrome, Edge and Firefox. The
 * Install extension bar and the spec's 'you need to install chrome extension' prompts lead here.
 */
export function InstallPage() {
  const zip = urlOf(extensionCalls.download, {});
  return (
    <div className={styles.page}>
      <PageHeader
        title="The Folio browser extension"
        documentTitle="Browser extension"
        description="Save pages as you see them, behind logins and built by scripts, and highlight the live web: your highlights come back on every visit and show in your library."
      />
      <a className={`${buttonClass('primary')} ${styles.download}`} href={zip} download>
        <Download size={16} aria-hidden="true" /> Download the extension (.zip)
      </a>
      <section className={styles.section} aria-labelledby="chrome-h">
        <h2 id="chrome-h">Chrome, Brave, Vivaldi and other Chromium browsers</h2>
        <ol>
          <li>Unzip folio-extension.zip into a folder you keep.</li>
          <li>
            Open <code>chrome://extensions</code> and turn on <strong>Developer mode</strong>.
          </li>
          <li>
            Choose <strong>Load unpacked</strong> and pick the unzipped folder.
          </li>
          <li>
            Pin Folio to the toolbar, then open its options: enter this Folio's address and press Connect.
          </li>
        </ol>
      </section>
      <section className={styles.section} aria-labelledby="edge-h">
        <h2 id="edge-h">Microsoft Edge</h2>
        <ol>
          <li>Unzip folio-extension.zip into a folder you keep.</li>
          <li>
            Open <code>edge://extensions</code> and turn on <strong>Developer mode</strong>.
          </li>
          <li>
            Choose <strong>Load unpacked</strong> and pick the unzipped folder.
          </li>
          <li>Open the extension's options, enter this Folio's address and press Connect.</li>
        </ol>
      </section>
      <section className={styles.section} aria-labelledby="firefox-h">
        <h2 id="firefox-h">Firefox (128 or later)</h2>
        <ol>
          <li>
            Open <code>about:debugging#/runtime/this-firefox</code>.
          </li>
          <li>
            Choose <strong>Load Temporary Add-on…</strong> and pick folio-extension.zip (or its manifest.json
            once unzipped). Firefox keeps a temporary add-on until it restarts.
          </li>
          <li>
            Open the add-on's preferences, enter this Folio's address and press Connect. Highlights are listed
            in the sidebar (View, Sidebar, Folio highlights).
          </li>
        </ol>
      </section>
      <section className={styles.section} aria-labelledby="use-h">
        <h2 id="use-h">Using it</h2>
        <ol>
          <li>
            Save a page with the toolbar button, the page's right-click menu (Save page to Folio) or{' '}
            <kbd>Alt</kbd>+<kbd>Shift</kbd>+<kbd>S</kbd>.
          </li>
          <li>Select text on a page to highlight it in one of four colours, or to add a note.</li>
          <li>
            To see your highlights again whenever you come back to a page, choose{' '}
            <strong>Allow on all sites</strong> in the options.
          </li>
        </ol>
      </section>
    </div>
  );
}
