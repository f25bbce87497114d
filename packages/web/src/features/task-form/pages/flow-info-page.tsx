// Built by issue 5; replaced by the real page.
export function FlowInfoPage() {
  return null;
}
