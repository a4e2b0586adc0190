import { sanitizeNotificationHtml } from '../notification-html';

/** What Quill 2 writes for each button of the toolbar of spec §9. */
const QUILL_TOOLBAR_HTML = [
  '<p><strong>bold</strong> <em>italic</em> <u>underline</u> <s>strike</s></p>',
  '<blockquote>quote</blockquote>',
  '<h1>Header 1</h1>',
  '<h2>Header 2</h2>',
  '<h3>Header 3</h3>',
  '<p class="ql-align-center">centred</p>',
  '<p class="ql-align-right">right</p>',
  '<p class="ql-align-justify">justified</p>',
  '<ol><li data-list="ordered"><span class="ql-ui"></span>one</li><li data-list="bullet" class="ql-indent-1"><span class="ql-ui"></span>two</li></ol>',
  '<p class="ql-indent-3">indented</p>',
  '<p><span class="ql-size-small">s</span><span class="ql-size-large">l</span><span class="ql-size-huge">h</span></p>',
  '<p><span style="color:rgb(230, 0, 0)">red</span><span style="background-color:#ffff00">marked</span></p>',
  '<p><span class="ql-font-serif">serif</span><span class="ql-font-monospace">mono</span></p>',
  '<p>line<br />break</p>',
];

test.each(QUILL_TOOLBAR_HTML)('keeps what the toolbar writes: %s', (html) => {
  expect(sanitizeNotificationHtml(html)).toBe(html);
});

test("Quill's contenteditable on its list marker is dropped, the marker kept", () => {
  expect(
    sanitizeNotificationHtml(
      '<ol><li data-list="bullet"><span class="ql-ui" contenteditable="false"></span>a</li></ol>',
    ),
  ).toBe('<ol><li data-list="bullet"><span class="ql-ui"></span>a</li></ol>');
});

/** The usual payloads (OWASP XSS filter evasion cheat sheet): none may leave anything executable. */
const XSS_PAYLOADS: Array<[string, string]> = [
  ['<script>alert(1)</script>', ''],
  ['<SCRIPT SRC=https://evil.example/xss.js></SCRIPT>', ''],
  ['<p>a<script>document.cookie</script>b</p>', '<p>ab</p>'],
  ['<img src=x onerror=alert(1)>', ''],
  ['<IMG SRC="javascript:alert(\'XSS\');">', ''],
  ['<a href="javascript:alert(1)">click</a>', 'click'],
  ['<a href="JaVaScRiPt:alert(1)">x</a>', 'x'],
  ['<a href="jav&#x09;ascript:alert(1)">x</a>', 'x'],
  ['<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>', 'x'],
  ['<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>', 'x'],
  ['<p onclick="alert(1)" onmouseover="alert(2)">hi</p>', '<p>hi</p>'],
  ['<strong onfocus=alert(1) autofocus tabindex=1>b</strong>', '<strong>b</strong>'],
  ['<svg onload=alert(1)><circle r=1></circle></svg>', ''],
  ['<svg><script>alert(1)</script></svg>', ''],
  [
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
    '',
  ],
  ['<iframe src="javascript:alert(1)"></iframe>', ''],
  ['<iframe srcdoc="<script>alert(1)</script>"></iframe>', ''],
  ['<object data="javascript:alert(1)"></object>', ''],
  ['<embed src="javascript:alert(1)">', ''],
  ['<body onload=alert(1)>x</body>', 'x'],
  ['<style>body{background:url("javascript:alert(1)")}</style><p>x</p>', '<p>x</p>'],
  ['<p style="background-image: url(javascript:alert(1))">x</p>', '<p>x</p>'],
  ['<span style="color: expression(alert(1))">x</span>', '<span>x</span>'],
  ['<span style="color: red; behavior: url(x.htc)">x</span>', '<span style="color:red">x</span>'],
  ['<span style="color:url(javascript:alert(1))">x</span>', '<span>x</span>'],
  ['<p class="ql-align-center evil-class">x</p>', '<p class="ql-align-center">x</p>'],
  ['<li data-list="javascript:alert(1)">x</li>', '<li>x</li>'],
  ['<form action="javascript:alert(1)"><button>go</button></form>', 'go'],
  ['<input onfocus=alert(1) autofocus>', ''],
  ['<details open ontoggle=alert(1)>x</details>', 'x'],
  ['<meta http-equiv="refresh" content="0;url=javascript:alert(1)">', ''],
  ['<base href="javascript:alert(1)//">', ''],
  ['<link rel="stylesheet" href="javascript:alert(1)">', ''],
  ['<template><script>alert(1)</script></template>', ''],
  ['<noscript><p title="</noscript><img src=x onerror=alert(1)>">', ''],
  ['<<script>script>alert(1)<</script>/script>', '&lt;/script&gt;'],
  ['<p>"><img src=x onerror=alert(1)></p>', '<p>"&gt;</p>'],
  ['<!--<img src=x onerror=alert(1)>-->', ''],
];

test.each(XSS_PAYLOADS)('%s becomes %j', (payload, expected) => {
  const clean = sanitizeNotificationHtml(payload);
  expect(clean).toBe(expected);
  expect(clean).not.toMatch(/<script|<img|<iframe|<svg|<a\b|\son\w+=|javascript:|url\(|expression\(/i);
});
