// ListDiffJSON — JSON only: a strict, fast JSON reader and writer over raw UTF-8 bytes, read
// errors with JSON Pointers, and RFC 9457 problem bodies. Imports the standard library only
// (no Foundation, no ListDiff module; CI checks). The wire model and every API document's
// reader and writer are in ListDiffWire, built on this module.
//
// Parts
// - Reader/       `JSONReader`, a pull reader for decoders that know the schema
//                 (`beginObject`/`nextMember`, `beginArray`/`hasNextElement`, `readString`,
//                 `readInt`, `readBool`, `readNull`, `peekKind`, `skipValue`, `captureValue`),
//                 and `JSONValidator` for whole documents. For decoders with fast paths of
//                 their own (the wire's item arrays): `skipWhitespace`, read-only scanners over
//                 `input` (`stringElementQuote`, `plainStringEnd`, `specialByteMask`),
//                 `pointer(toElementAt:)`, `JSONString(validatedContents:)`, `RawBytes`, and
//                 `moveUnchecked(to:elementsRead:)` behind `@_spi(Unchecked)`.
// - Fingerprint/  `ContentFingerprint`, the canonical 128-bit hash of a captured value, computed
//                 by the reader in the same pass that captures it; `JSONDecimal`, the exact
//                 decimal value numbers are hashed and canonicalized by; `ByteHash`, the keyed
//                 one-lane hash of byte strings (the wire's identifiers).
// - Writer/       `JSONWriter` (bytes out) and `writeProblem`, an RFC 9457 problem body's JSON;
//                 `writeDecimal` and, behind `@_spi(Unchecked)`, `arrayMemberUnchecked` for
//                 long runs of numbers.
// - Errors/       `JSONReadError` (offset, line, column, JSON Pointer, expected vs found),
//                 `JSONPointer` (RFC 6901) and `NearestName` (did-you-mean suggestions).
//
// Decisions
// - Grammar: strict RFC 8259. Any value is accepted at the top level; only space, tab,
//   line feed and carriage return are whitespace; nothing but whitespace may follow the
//   value (`JSONReader.finish()`); no comments, no trailing commas, no NaN/Infinity, no
//   leading zeros, no `+` sign, no single quotes.
// - UTF-8: every byte is validated per Unicode Table 3-7. Overlong forms, UTF-8-encoded
//   surrogates (ED A0..BF), code points above U+10FFFF, stray continuation bytes and
//   truncated sequences are rejected (`invalidUTF8`), inside strings and out.
// - Byte order mark: rejected (`byteOrderMark`). RFC 8259 §8.1 says implementations MUST
//   NOT add one and MAY ignore one; a service answering "which byte broke" is clearer when
//   it says so than when it silently shifts offsets.
// - Escapes: `\" \\ \/ \b \f \n \r \t \uXXXX`. A `\u` high surrogate must be followed by a
//   `\u` low surrogate and is decoded as one scalar; an unpaired high or low surrogate is
//   rejected (`loneSurrogate`), because it cannot become valid UTF-8 or a Swift String.
// - Numbers: validated against the RFC grammar and kept as their literal bytes; `readInt()`
//   accepts only integer literals (no fraction/exponent) that fit in `Int`. In content
//   fingerprints numbers compare by exact decimal value: sign, significant digits and
//   exponent after stripping leading/trailing zeros, so `1`, `1.0`, `1e0`, `10e-1` are
//   equal and `-0` equals `0`; no floating-point rounding (`0.10000000000000000001` ≠ `0.1`).
//   Exponents beyond ±10^15 saturate.
// - Duplicate member names: accepted by the reader (RFC 8259 only says SHOULD be unique).
//   Content fingerprints treat an object as a multiset of members, so `{"a":1,"a":1}`
//   differs from `{"a":1}` and neither is silently collapsed. Schema decoders (snapshots,
//   operations) reject duplicates in *their* objects themselves.
// - Fingerprints: order-independent over object members (wrapping sum of keyed member
//   hashes), order-dependent over array elements, strings hashed by their unescaped UTF-8.
//   Keyed with a per-process random seed: deterministic within a process, never persisted.
// - Limits (`JSONReadOptions`): nesting depth 512 by default (caller-entered containers and
//   skipped/captured ones count together; the walk is iterative, so a 100,000-bracket input
//   fails fast with `depthLimitExceeded` and never overflows the stack); input size 64 MiB
//   by default, checked before reading (`inputTooLarge`).
// - Errors: offset is in bytes; line counts `\n`; column counts Unicode scalars, 1-based.
//   Line and column are computed only when an error is built. The pointer names the element
//   being read; inside skipped or captured values it is recovered by re-walking the value
//   prefix when the error is built, so the hot path keeps no per-element path.
// - Writer: no whitespace; `"` and `\` escaped, `\b \f \n \r \t` short forms, other control
//   characters as `\u00XX`, everything else (non-ASCII, DEL, U+2028) as UTF-8. Problem details
//   members are written in a fixed order.
