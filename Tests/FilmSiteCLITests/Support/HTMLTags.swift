import Foundation

/// The start tags of an HTML page, read the way a browser tokenizes them.
enum HTMLTags {
  struct Attribute {
    let name: String
    /// The value with character references decoded.
    let value: String
  }

  struct Tag {
    let name: String
    let attributes: [Attribute]
    /// The tag with its quoted values left out: `<img src alt>`, for pattern checks.
    let skeleton: String
  }

  static func scan(_ html: String) -> [Tag] {
    let bytes = Array(html.utf8)
    var tags: [Tag] = []
    var index = 0

    func skip(past marker: String) {
      let marker = Array(marker.utf8)
      while index < bytes.count {
        if bytes[index...].starts(with: marker) {
          index += marker.count
          return
        }
        index += 1
      }
    }

    func isSpace(_ byte: UInt8) -> Bool {
      byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    func isLetter(_ byte: UInt8) -> Bool {
      (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "<") else {
        index += 1
        continue
      }
      if bytes[index...].starts(with: Array("<!--".utf8)) {
        skip(past: "-->")
        continue
      }
      let next = index + 1 < bytes.count ? bytes[index + 1] : 0
      if next == UInt8(ascii: "!") || next == UInt8(ascii: "/") || next == UInt8(ascii: "?") {
        skip(past: ">")
        continue
      }
      guard isLetter(next) else {
        index += 1
        continue
      }
      index += 1
      let nameStart = index
      while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">"),
        bytes[index] != UInt8(ascii: "/")
      {
        index += 1
      }
      let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
      var skeleton = "<" + name
      var attributes: [Attribute] = []
      while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
        if isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "/") {
          skeleton.unicodeScalars.append(Unicode.Scalar(bytes[index]))
          index += 1
          continue
        }
        let attributeStart = index
        while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "="),
          bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/")
        {
          index += 1
        }
        let attributeName = String(decoding: bytes[attributeStart..<index], as: UTF8.self)
        skeleton += attributeName
        var value = ""
        if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
          skeleton += "="
          index += 1
          if index < bytes.count,
            bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")
          {
            let quote = bytes[index]
            index += 1
            let valueStart = index
            while index < bytes.count, bytes[index] != quote { index += 1 }
            value = String(decoding: bytes[valueStart..<min(index, bytes.count)], as: UTF8.self)
            index += 1
            skeleton += "\"\""
          } else {
            let valueStart = index
            while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") {
              index += 1
            }
            value = String(decoding: bytes[valueStart..<index], as: UTF8.self)
            skeleton += value
          }
        }
        attributes.append(Attribute(name: attributeName, value: decodeReferences(value)))
      }
      index += 1
      tags.append(Tag(name: name, attributes: attributes, skeleton: skeleton + ">"))
    }
    return tags
  }

  /// Decodes numeric character references and the named ones a URL could hide behind.
  static func decodeReferences(_ text: String) -> String {
    guard text.contains("&") else { return text }
    let named: [String: String] = [
      "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "colon": ":", "tab": "\t",
      "newline": "\n", "sol": "/", "lpar": "(", "rpar": ")",
    ]
    var out = ""
    var rest = Substring(text)
    while let ampersand = rest.firstIndex(of: "&") {
      out += rest[..<ampersand]
      let afterAmpersand = rest.index(after: ampersand)
      guard let semicolon = rest[afterAmpersand...].firstIndex(of: ";"),
        rest.distance(from: afterAmpersand, to: semicolon) <= 10
      else {
        out += "&"
        rest = rest[afterAmpersand...]
        continue
      }
      let reference = rest[afterAmpersand..<semicolon].lowercased()
      var decoded: String?
      if reference.hasPrefix("#x") {
        decoded = UInt32(reference.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map {
          String($0)
        }
      } else if reference.hasPrefix("#") {
        decoded = UInt32(reference.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
      } else {
        decoded = named[reference]
      }
      if let decoded {
        out += decoded
        rest = rest[rest.index(after: semicolon)...]
      } else {
        out += "&"
        rest = rest[afterAmpersand...]
      }
    }
    return out + rest
  }
}
