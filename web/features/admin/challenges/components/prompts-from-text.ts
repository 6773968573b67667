/** One prompt a line; a CSV keeps its first column (quotes removed); blank lines and a "prompt" header are dropped. */
export function promptsFromText(text: string, csv: boolean): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => (csv ? (line.match(/^\s*"((?:[^"]|"")*)"/)?.[1]?.replace(/""/g, '"') ?? line.split(',')[0]) : line).trim())
    .filter((line, index) => line !== '' && !(csv && index === 0 && /^prompt$/i.test(line)));
}
