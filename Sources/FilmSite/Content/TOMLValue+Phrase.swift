import TOML

extension TOMLValue {
  /// The value's kind with its article, as errors say it: `a string`, `an array`.
  var kindPhrase: String {
    let name = kindName
    return (name.first.map { "aeio".contains($0) } == true ? "an " : "a ") + name
  }
}
