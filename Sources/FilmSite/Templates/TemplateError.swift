/// A template that cannot be used, with the file, line and column (both from 1) of the fault.
struct TemplateError: Error, Equatable, Sendable, CustomStringConvertible {
  enum Reason: Equatable, Sendable {
    case unknownPlaceholder(String)
    case unclosedSection(String)
    case unexpectedClose(found: String, expected: String?)
    case unclosedTag
    case invalidName(String)
    case unreadable(String)
    /// The theme holds this list template twice, as HTML and as Markdown (the other file).
    case duplicateTemplate(of: String)
    /// The row template is not in the language of the index template (named).
    case listLanguageMismatch(index: String)
    /// The theme folder named does not exist, or is not a folder.
    case noThemeFolder
  }

  let file: String
  let line: Int
  let column: Int
  let reason: Reason

  init(file: String, line: Int, column: Int, reason: Reason) {
    self.file = file
    self.line = line
    self.column = column
    self.reason = reason
  }

  var description: String {
    let place = line > 0 ? "\(file):\(line):\(column)" : file
    switch reason {
    case .unknownPlaceholder(let name):
      return "\(place): unknown placeholder \"\(name)\""
    case .unclosedSection(let name):
      return "\(place): section \"\(name)\" is never closed (add {{/\(name)}})"
    case .unexpectedClose(let found, let expected?):
      return "\(place): {{/\(found)}} closes \"\(found)\", but the open section is \"\(expected)\""
    case .unexpectedClose(let found, nil):
      return "\(place): {{/\(found)}} closes a section that was never opened"
    case .unclosedTag:
      return "\(place): a placeholder is opened with {{ but never closed"
    case .invalidName(let name):
      return "\(place): \"\(name)\" is not a placeholder name (use letters, digits and _)"
    case .unreadable(let message):
      return "\(place): cannot read the template: \(message)"
    case .duplicateTemplate(let other):
      return "\(place): the theme also has \(other); keep one of the two"
    case .noThemeFolder:
      return "\(place): no such theme folder"
    case .listLanguageMismatch(let index):
      return
        "\(place): rows must be in the language of \(index) (row.html with index.html, row.md with index.md)"
    }
  }
}
