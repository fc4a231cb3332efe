import FuzzSupport
import TOML

/// The TOML parser on any bytes: it ends with a table or a ``TOMLError`` at a
/// line and column inside the document; every key and value it reads is
/// placed inside the document too; and a table it reads, written back as TOML
/// (``TOMLText``), reads as the same table.
@main enum FuzzTOML {
  static func main() { FuzzDriver.run(fuzzTOML) }
}

/// Runs the target on one input.
private func fuzzTOML(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let bytes = FuzzInput.bytes(start, count)
  let lines = bytes.count(where: { $0 == UInt8(ascii: "\n") }) + 1
  let text = String(decoding: bytes, as: UTF8.self)
  let table: TOMLTable
  do throws(TOMLError) {
    table = try TOMLParser.parse(bytes)
  } catch {
    FuzzCheck.require(
      (1...lines).contains(error.line) && (1...bytes.count + 1).contains(error.column),
      "\(error) is outside the document's \(lines) lines: \(text.debugDescription)")
    return 0
  }
  checkPositions(of: table, lines: lines, text: text)
  let written = TOMLText.document(table)
  do {
    let again = try TOMLParser.parse(written)
    FuzzCheck.require(
      again == table,
      "written back, the table reads differently: \(written.debugDescription) "
        + "from \(text.debugDescription)")
  } catch {
    FuzzCheck.require(
      false,
      "written back, the table is not TOML (\(error)): \(written.debugDescription) "
        + "from \(text.debugDescription)")
  }
  return 0
}

private func checkPositions(of table: TOMLTable, lines: Int, text: String) {
  for entry in table.entries {
    for position in [entry.keyPosition, entry.valuePosition] {
      FuzzCheck.require(
        (1...lines).contains(position.line) && position.column >= 1,
        "\(entry.key) is placed at \(position.line):\(position.column): \(text.debugDescription)")
    }
    checkPositions(of: entry.value, lines: lines, text: text)
  }
}

private func checkPositions(of value: TOMLValue, lines: Int, text: String) {
  switch value {
  case .table(let table): checkPositions(of: table, lines: lines, text: text)
  case .array(let items):
    for item in items { checkPositions(of: item, lines: lines, text: text) }
  default: break
  }
}
