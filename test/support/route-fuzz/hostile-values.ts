import fc from 'fast-check';

/*
 * Values an attacker (or a broken client) sends, whatever the route: strings, JSON values, raw
 * bodies, content types, header text and ids, and the encodings the requests are sent in.
 */

export const b64url = (text: string) => Buffer.from(text).toString('base64url');

const LONG_LENGTHS = [65, 129, 1025, 2049, 2100];

/** Text an attacker (or a broken client) sends where an id, a name or a date is expected. */
const HOSTILE_STRINGS = [
  '',
  ' ',
  '\t\n',
  '\u0000',
  'a\u0000b',
  '\u202Eexe.jpg',
  '\u2066x\u2069',
  '\uD800',
  '\uDFFF',
  'x\uD83D',
  '\uFEFF',
  '\u200B',
  '😀',
  'e\u0301',
  'İ',
  '\u2028',
  '\u0085',
  '%',
  '%00',
  '%zz',
  '..',
  '/',
  '\\',
  '#',
  '?',
  '&=',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
  '0x1F',
  'true',
  'COTTAGE#hornbill-1',
  'RULE#long-stay',
  'USER#',
  'PRICING_RULES',
  'hornbill-villa',
  'forest-retreat',
  'morning-jeep-safari',
  'long-stay',
  '2026-02-30',
  '9999-12-31',
  '0000-00-00',
  '2026-12-24T10:00:00Z',
];

// Over DynamoDB's key limits (2,048 bytes, 1,024 for a sort key), yet at most 2,100 bytes: a request line and
// headers over 16 KB are refused by Node before any route (as API Gateway refuses them), which is no handler's answer.
export const longString = fc
  .tuple(fc.constantFrom(...LONG_LENGTHS), fc.constantFrom('a', 'é', '😀', '-', '\u202E'))
  .map(([length, unit]) => unit.repeat(Math.min(length, Math.floor(2100 / Buffer.byteLength(unit)))));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 1, arbitrary: longString },
);

/** JSON.parse keeps `__proto__` as an own key, so it is sent as written (an object literal would set the prototype instead). */
const pollution = (): unknown => JSON.parse('{"__proto__":{"role":"admin","isAdmin":true},"constructor":{"prototype":{"polluted":true}}}');

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.constantFrom(0, -1, 0.5, 1e21, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, null, true, false) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true }) },
  { weight: 1, arbitrary: fc.constant('@@DEEP@@') },
  { weight: 1, arbitrary: fc.constant(null).map(pollution) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** A field replaced by this placeholder is sent as 10,000 nested arrays (valid JSON, hostile to recursive code). */
const DEEP = '"@@DEEP@@"';
export const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** Request bodies that are not JSON, or JSON no schema expects. */
export const rawBodies = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    'hello',
    'null',
    'true',
    '0',
    '""',
    '[]',
    'undefined',
    'NaN',
    '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"isAdmin":true}}}',
    '{"a":1,"a":2}',
    '\uFEFF{}',
    '{"\\ud800":"\\udfff"}',
    'a=1&b=2',
    '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
  ),
  fc.constantFrom(2, 1000, 10_000).map(deepArray),
  fc.constantFrom(1000, 10_000).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
  fc.constantFrom(60_000, 70_000).map((length) => JSON.stringify({ padding: 'x'.repeat(length) })),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value) ?? 'null'),
);

export const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/vnd.api+json',
  'application/octet-stream',
  'APPLICATION/JSON',
  'application/jsonp',
  'application/json, text/html',
  'json',
];

/** JSON text of `value`, with the deep-nesting placeholder expanded. */
export const toJson = (value: unknown): string => (JSON.stringify(value) ?? 'null').replaceAll(DEEP, deepArray(10_000));

/** Ids as an attacker sends them: too long for a key, of the wrong shape, of the wrong type. */
export const hostileId: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(2049, 3000, 10_000).map((length) => 'a'.repeat(length)) },
  { weight: 1, arbitrary: longString },
  { weight: 2, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.constantFrom(0, -1, true, null, [], {}, ['forest-retreat']) },
);

/** Percent-encodes every byte but the unreserved ones (a lone surrogate goes as U+FFFD's bytes, as a browser sends it). */
export const encodeSegment = (text: string): string =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');

/** Header values fetch will send (visible ASCII and spaces inside). */
export const headerText = fc.oneof(
  fc.constantFrom('', 'x', 'null', '../', '<script>', '%00', "' OR 1=1", 'a'.repeat(200), 'a'.repeat(2000)),
  fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 80 }),
);
