/** The id of the erotica form's frame: the markup and the script below both use it. */
export const FORM_FRAME_ID = 'erotica-form-frame';

/**
 * The erotica form's resizer: the form host's frame-resizing script is added only once the form's
 * own frame has loaded, so a visitor who stays behind the age gate, or never comes near the form,
 * sends the form host nothing. A classic script for <head> (the page's policy takes hashes from the
 * head only): it listens on the document in the capture phase, where a frame's `load` arrives
 * although it does not bubble, from before the frame exists; a module script would run only after
 * parsing, and a frame near the screen, or one whose host is unreachable, can have loaded by then.
 * If the resizer is iframe-resizer (what form hosts ship), it starts on the frame; blocked or
 * failing, nothing happens: the frame keeps its height and the new-tab link stays.
 */
export function formResizerScript(frameId: string = FORM_FRAME_ID): string {
  const id = JSON.stringify(frameId);
  const selector = JSON.stringify(`#${frameId}`);
  return (
    `(function(){function l(e){var f=e.target;if(!f||f.id!==${id})return;` +
    `document.removeEventListener('load',l,true);var u=f.getAttribute('data-resizer');if(!u)return;` +
    `var s=document.createElement('script');s.async=true;s.src=u;s.setAttribute('data-form-resizer','');` +
    `s.addEventListener('load',function(){if(typeof window.iFrameResize==='function')window.iFrameResize({},${selector})});` +
    `f.parentNode.insertBefore(s,f.nextSibling)}document.addEventListener('load',l,true)})();`
  );
}
