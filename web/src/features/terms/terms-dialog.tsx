/** Terms acceptance dialog. Filled by the terms feature; renders nothing until then. */
export function TermsDialog() {
  return null;
}
