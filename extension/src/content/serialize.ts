/**
 * The page as the browser shows it, for saving: the live DOM after its scripts ran, serialised.
 * Run in the page by chrome.scripting.executeScript, so it is one self-contained function (no
 * imports, no outer names). Folio sanitises what it receives like any capture; here only what it
 * would drop anyway is left out (scripts, styles, the extension's own marks and toolbar), and
 * addresses are made absolute so the copy's pictures and links point where the page's did.
 */
export interface SerializedPage {
  url: string;
  title: string;
  description: string;
  html: string;
}

export function serializeDocument(): SerializedPage {
  const doc = document;
  const clone = doc.documentElement.cloneNode(true) as HTMLElement;
  // the clone's elements line up with the page's: currentSrc (the picture the browser chose) is only on the live one
  const liveImages = Array.from(doc.documentElement.querySelectorAll('img'));
  Array.from(clone.querySelectorAll('img')).forEach((img, i) => {
    const live = liveImages[i];
    const src = live?.currentSrc || live?.src || '';
    if (src) img.setAttribute('src', src);
    img.removeAttribute('srcset');
    img.removeAttribute('loading');
  });
  for (const a of Array.from(clone.querySelectorAll('a[href]'))) {
    try {
      a.setAttribute('href', new URL(a.getAttribute('href') ?? '', doc.baseURI).href);
    } catch {
      a.removeAttribute('href');
    }
  }
  for (const el of Array.from(
    clone.querySelectorAll('script, noscript, style, link, template, iframe, folio-extension-ui'),
  )) {
    el.remove();
  }
  // the extension's highlight marks: their text stays, the marks go
  for (const mark of Array.from(clone.querySelectorAll('[data-folio-annotation-id], [data-folio-pending]'))) {
    mark.replaceWith(...Array.from(mark.childNodes));
  }
  const meta = doc.querySelector('meta[name="description" i], meta[property="og:description" i]');
  return {
    url: doc.location.href,
    title: doc.title,
    description: meta?.getAttribute('content')?.trim() ?? '',
    html: `<!doctype html>\n${clone.outerHTML}`,
  };
}
