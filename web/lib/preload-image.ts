/**
 * Starts downloading an image as soon as its URL is known (an API answer), before the component that shows it has
 * rendered; the <img> then finds it in the cache. Kept referenced until done so it is not collected mid-download.
 */
const inFlight = new Set<HTMLImageElement>();

export function preloadImage(url: string | null | undefined) {
  if (!url || typeof Image === 'undefined') return;
  const image = new Image();
  image.fetchPriority = 'high';
  image.decoding = 'async';
  const done = () => inFlight.delete(image);
  image.onload = done;
  image.onerror = done;
  inFlight.add(image);
  image.src = url;
}
