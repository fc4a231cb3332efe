// Serves a folder with PreviewServer until killed, for Benchmarks/serve-throughput.sh.
//
//   PreviewServerBench DIR PORT [--snippet HTML]
import Foundation
import PreviewServer

let arguments = CommandLine.arguments
guard arguments.count >= 3, let port = UInt16(arguments[2]) else {
  FileHandle.standardError.write(Data("usage: PreviewServerBench DIR PORT [--snippet HTML]\n".utf8))
  exit(2)
}
var configuration = PreviewServer.Configuration(root: arguments[1])
configuration.port = port
if arguments.count >= 5, arguments[3] == "--snippet" { configuration.reloadSnippet = arguments[4] }
let server = PreviewServer(configuration)
do {
  let bound = try server.start()
  FileHandle.standardOutput.write(Data("serving \(arguments[1]) on 127.0.0.1:\(bound)\n".utf8))
} catch {
  FileHandle.standardError.write(Data("PreviewServerBench: \(error)\n".utf8))
  exit(1)
}
while true { pause() }
