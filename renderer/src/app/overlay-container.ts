/**
 * The element drawers render into. Not `document.body`: antd locks the body's scrolling with an
 * injected <style> that carries no CSP nonce (a CSP violation) whenever an overlay with a mask
 * renders into the body. The desk scrolls inside its own layout, so no lock is needed.
 */
export function overlayContainer(): HTMLElement {
  const existing = document.getElementById('station-overlays');
  if (existing) return existing;
  const created = document.createElement('div');
  created.id = 'station-overlays';
  document.body.append(created);
  return created;
}
