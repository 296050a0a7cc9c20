// decisions (trust), CSV export neutralises formulas: a spreadsheet runs a cell that starts with
// `=`, `+`, `-`, `@`, a tab or a carriage return as a formula (a title like `=HYPERLINK(…)` added
// from a public list would be live), so the export writes such a cell with a leading `'` and the
// import removes one. A cell that already starts with `'` before one of those characters gets
// one more, so whatever the text, it comes back unchanged.

/** The cells the export writes with a leading `'` (papaparse's escapeFormulae). */
export const FORMULA_CELL = /^'*[=+\-@\t\r]/

/** An imported cell with the export's one leading `'` before a formula character removed. */
export const unescapeFormula = (cell: string) => (/^'+[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell)
