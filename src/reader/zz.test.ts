import './testing/happyDomCompat';
import { it } from 'vitest';
import DOMPurify from 'dompurify';
it('x', () => {
  const p = DOMPurify();
  p.addHook('uponSanitizeElement', (n, d) => console.log('visit', d.tagName, (n as Element).outerHTML));
  console.log(JSON.stringify(p.sanitize('<p><b onclick="x()">t</b><input><i>z</i></p>', {FORBID_TAGS:['input']})));
});
