/** Search results show about 70 characters of a title: add the brand only when it fits. */
export function pageTitle(title: string, brand: string, max = 70): string {
  const full = `${title} | ${brand}`;
  return full.length <= max ? full : title;
}
