/**
 * Starts downloading an image as soon as its URL is known (an API answer), before the component that shows it has
 * rendered; the <img> then finds it in the cache. Kept referenced until done so it is not collected mid-download.
 */
const inFlight = new Set<HTMLImageElement>();
/** URLs already preloaded ahead by a link (preloadImageAhead): an Image here would use up that preload, not the <img>. */
const linked = new Set<string>();

export function preloadImage(url: string | null | undefined) {
  if (!url || typeof Image === 'undefined' || linked.has(url)) return;
  const image = new Image();
  image.fetchPriority = 'high';
  image.decoding = 'async';
  const done = () => inFlight.delete(image);
  image.onload = done;
  image.onerror = done;
  inFlight.add(image);
  image.src = url;
}

/**
 * Downloads an image that will be shown later, after a tap (the next challenge's image, docs/decisions/023). A
 * `<link rel="preload" as="image">` rather than an Image: the document keeps a link preload until an <img> with the
 * same URL uses it, so the image comes from it even when the HTTP cache is bypassed (DevTools' "Disable cache", as
 * the Slow 3G bench runs) or has dropped it. Once per URL.
 */
export function preloadImageAhead(url: string | null | undefined) {
  if (!url || typeof document === 'undefined' || linked.has(url)) return;
  linked.add(url);
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = url;
  link.fetchPriority = 'high';
  document.head.appendChild(link);
}
