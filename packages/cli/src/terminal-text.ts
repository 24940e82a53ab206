// What avanode prints comes partly from outside: the document's summaries, descriptions, names
// and examples (the help), a node's answers and error messages. A terminal acts on some
// characters instead of showing them: ESC starts ANSI sequences (clearing the screen, an OSC 8
// hyperlink, setting the window's title), U+009B is a one-character CSI, a carriage return
// rewrites the line, bidirectional controls reorder what follows (U+202E), and zero-width
// characters hide text. Every write of `main` goes through `terminalText`, so each of those
// shows as a `\u` escape; inside a JSON string, as in a result, that escape reads back as the
// same character, so JSON output stays the same value.

/** Controls but the tab and the line feed, DEL, C1, bidi, zero-width and other invisible characters, tag characters, lone surrogates. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point: they are escaped.
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]|\udb40[\udc00-\udc7f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const asEscapes = (char: string) => char.split('').map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

/** `text` as it may reach a terminal: every character a terminal acts on or hides as a `\u` escape. */
export const terminalText = (text: string): string => text.replace(UNSAFE, asEscapes);
