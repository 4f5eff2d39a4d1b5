/** Renders only the page shell (header, empty main, footer): spec section 2. */
export default function RedirectPage() {
  return null;
}
