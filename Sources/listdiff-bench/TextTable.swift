/// A plain-text table whose header and rows share one set of column widths, so the columns
/// line up whatever the values (`String(format:)`'s `%-10@` pads nothing on Linux).
struct TextTable {
    /// Each column's title and width; the first is left-aligned, the others right-aligned.
    let columns: [(title: String, width: Int)]

    var header: String { row(columns.map(\.title)) }

    /// `cells` in the columns, one space apart; a cell wider than its column widens it.
    func row(_ cells: [String]) -> String {
        zip(columns, cells).enumerated().map { index, pair in
            let (column, cell) = pair
            let padding = String(repeating: " ", count: max(0, column.width - cell.count))
            return index == 0 ? cell + padding : padding + cell
        }.joined(separator: " ")
    }
}
