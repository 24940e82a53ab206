// JSON text re-indented token by token, so numbers keep every digit the server sent (a
// uint64 beyond 2^53 is shown exactly, never through a JavaScript number).
export function prettyJson(text: string): string {
  let out = '';
  let depth = 0;
  let inString = false;
  const newline = () => `\n${'  '.repeat(depth)}`;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      out += c;
      if (c === '\\') out += text[++i] ?? '';
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') {
      inString = true;
      out += c;
    } else if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      const next = text.slice(i + 1).trimStart()[0];
      if (next === close) {
        out += c + close;
        i = text.indexOf(close, i + 1);
        continue;
      }
      depth++;
      out += c + newline();
    } else if (c === '}' || c === ']') {
      depth--;
      out += newline() + c;
    } else if (c === ',') out += `,${newline()}`;
    else if (c === ':') out += ': ';
    else if (!/\s/.test(c)) out += c;
  }
  return out;
}

/** Where an ajv instance path points, as a reader writes it: `/addresses/0` → `addresses[0]`. */
export function fieldName(instancePath: string): string {
  return (
    instancePath
      .split('/')
      .slice(1)
      .map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : `${i === 0 ? '' : '.'}${part}`))
      .join('') || 'params'
  );
}
