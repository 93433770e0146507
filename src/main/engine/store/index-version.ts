/**
 * The version of the import pipeline (extraction, OCR lines, cleaning, chunking) whose output a
 * document's stored pages and chunks are. Bump it when a change alters what an import stores for
 * the same file, so libraries built before it can find the documents to read again: a document
 * with an older version is listed as outdated, and importing it again re-indexes it instead of
 * skipping it as unchanged.
 *
 * 1 — everything imported before the version was recorded.
 * 2 — a section's first chunk no longer opens with the previous section's closing sentences
 *     (chunk-pages.ts, c41b5a6); every document imported from now on records it.
 * 3 — tables are passages of whole rows under their caption and header (ingest/tables/), and a
 *     spreadsheet's passages are cited by their cells ("Prices!A12:F30").
 * 4 — tables found in PDFs (ingest/pdf-tables/) are read as whole Markdown rows in the flow of the
 *     text around them, the caption and header opening every chunk that holds one of their rows.
 * 5 — more printouts are read as tables (a row whose columns fall a word space apart, a printout
 *     in column blocks, a value with its interval in one cell) and equation arrays no longer are.
 * 6 — console transcripts ("R>" and "+" before each line) and code with aligned comments are no
 *     longer read as tables.
 * 7 — a printout's one row under its right-aligned header line is a table ("Training set
 *     1.162583 52.00363 …" under "ME  RMSE …"), a header of two words over one column is one
 *     cell ("Point Forecast"), the call above a printout ("R> fcast") is not its header; a chunk
 *     never ends with a table's caption and header without its rows, and rows carried over as
 *     overlap go on only before more rows of their table.
 * 8 — a two-way count table as R prints it reads both header lines: the column variable ("to")
 *     over every value column, the row variable ("from") over the row labels.
 * 9 — in a table bounded by rules, a line with its first column empty continues the row above
 *     (wrapped cells, formulas over several lines) unless it fills every other column.
 * 10 — tables drawn with characters in a monospaced font (`+---+` borders, `|` between cells,
 *     `=` header rules, psql's `---+---`) are read as tables, in PDFs, text files, Markdown code
 *     blocks and HTML <pre> (ingest/tables/char-grid.ts), where their lines were column-aligned
 *     text or code.
 * 11 — a PDF table's caption printed inside its ruled box or just above it ("Table 5: …") is its
 *     caption, not a first row or header line with its words spread over the cells; a first row
 *     of names over columns of values of another kind (codes, versions, "(rgb)") is the header;
 *     the header line sitting on the first rule of a table ruled only under its header and at its
 *     foot is its header (it was read into the caption); a header name wider than its column
 *     stays one cell ("In situ"); a line of numbers is never a header.
 * 12 — a raised mark set smaller (an exponent, a footnote mark, a stacked fraction's figures)
 *     stays on its line with the rest of the line after it, where the line was parted in two or
 *     three (PDF tables' rows cut into pieces); a fraction's denominator is set apart from its
 *     numerator by a space ("1 65536", was "165536"); numbered displayed equations and prose
 *     between two rules are not tables.
 * 13 — code and console output in PDFs are no longer read as tables: knitr's "## " before R's
 *     output is not a column, line-numbered listings are text, and runs whose cells cut phrases
 *     apart (rpart's "to the left, agree=0.863,") or a sentence above a printout taken for its
 *     header ("J-Test: degrees of freedom is 1") are not tables (pdf-tables/code-and-console.ts).
 * 14 — a ruled frame's columns include those its words stand apart in between two vertical rules
 *     (a table that rules only some columns apart, LaTeX's `{cccc|cccc}`).
 * 15 — a sentence just above a printout whose words start a character off its left edge
 *     ("Initial values of the coefficients" over R's named vector) is not its header.
 * 16 — a table cell set in a box of its own and wrapped ("tfastx36/" over "tfasty36", LaTeX's
 *     \parbox or p{} column) is one cell of its row, where the content stream gives its lines
 *     before the rest of the row: the row was cut in two, its first line alone.
 * 17 — records printed side by side under a repeated header ("Extension | Language" three times)
 *     read as one table of the group's columns, a record a row (pdf-tables/side-by-side.ts).
 * 18 — a PDF table ruled in groups of rows reads each line of a group as a row of its own when
 *     every line names its row in the first column (a regression table's `N`, `RMSE`, `R2` under
 *     one rule; yosys's const-folding rules): the group was one row, each cell a column of values.
 * 19 — words written with inner capitals (`farmPrice`, `registerFontFamily`) are indexed with their
 *     parts too (text/identifier-parts.ts), for keyword search and for the re-rank's stems.
 * 20 — a TeX accent set before its letter ("Molli´" then "e") is joined to it ("Mollié",
 *     "Universität"): NFKC made it a space and a combining mark, splitting the word.
 * 21 — a table continued from the page before whose printed caption says so already ("Table 3 …
 *     (continued)") is not marked continued a second time.
 * 22 — a whitespace table whose row labels are centred in their column is one table (each label
 *     starting right of the column's start was taken for a printout's repeated header, parting
 *     Speex's bit-allocation table in three); a first row of names over columns numbered in order
 *     ("Parameter | Update rate | 0 | 1 | … | 8") is its header; a caption under a table ends at a
 *     blank line (it ran on into the next paragraph when it had no full stop).
 * 23 — a whitespace table's cell wrapped onto a line of its own ("script=blackletter" under its
 *     row) is the end of its row: the line parted the table, and the rows under it were read
 *     again as a second table with the wrapped words for its header; a first row each page of a
 *     continued table repeats is its header (it was a body row, and a second part added the
 *     first part's header over its own); a cell joined with a stray last word keeps its lines in
 *     reading order; a bulleted list whose items wrap is not a table.
 * 24 — a PDF's passages keep the quotes, dashes and minus signs it prints ("−5", "’<’",
 *     "50 MHz–4 GHz"): they had ASCII stand-ins, which the layout analysis still reads
 *     (ingest/printed-words.ts); a printout's table drawn with a column of bars between groups of
 *     columns and a line of dashes under its header (blktrace's btt) loses the bars and dashes,
 *     which were read as columns and a row (pdf-tables/drawn-rules.ts).
 * 25 — a PDF's section headings keep the characters it prints too ("Boards – supported
 *     versions"), each heading as first given back, so a section is named alike in every passage.
 * 26 — a PDF table's cells keep the quotes, dashes and minus signs their own words print, where
 *     the page prints the same word two ways ("1 000,-" in one row, "1 000,–" in the next); a
 *     header spread over two columns that are then joined names the column once ("Platforms",
 *     not "Platforms Platforms"); a whitespace table's cell wrapped over several lines below its
 *     row (a command's description over four lines, FireHOL's tables) stays in its row, the last
 *     row's too: one such line ended the table unless a row came right after it.
 */
export const INDEX_VERSION = 26
