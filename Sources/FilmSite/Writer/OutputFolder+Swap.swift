/// Putting a staged site in place of the folder's in one step, and
/// finishing what a build stopped in the middle of that step left.
extension OutputFolder {
  /// Puts the site staged at `staging` in place of the folder's; the site
  /// it replaces is left at `staging`, the spare the next build updates.
  ///
  /// Where the system can exchange two folders (``DirectorySwap``), a reader
  /// sees the old site or the new one, never neither. Elsewhere it takes two
  /// renames; between them the old site waits at ``previousPath``, where
  /// ``recoverInterruptedPublish()`` finds it if the build is stopped.
  func swapIn(_ staging: String) throws {
    guard FileSystem.exists(path) else {
      try publish { try FileSystem.rename(staging, to: path) }
      return
    }
    switch DirectorySwap.exchange(staging, path) {
    case .exchanged:
      // The staging folder now holds the previous site: the next build's spare.
      break
    case .unsupported:
      do {
        try FileSystem.rename(path, to: previousPath)
      } catch {
        throw WriterError.io(
          path: path, operation: "move the previous site aside", message: error.message)
      }
      do {
        try FileSystem.rename(staging, to: path)
      } catch {
        try? FileSystem.rename(previousPath, to: path)
        throw WriterError.io(path: path, operation: "publish the site", message: error.message)
      }
      if (try? FileSystem.rename(previousPath, to: staging)) == nil {
        FileSystem.removeTree(at: previousPath)
      }
    case .failed(let code):
      throw WriterError(FileSystemError(path: path, operation: "publish the site", code: code))
    }
  }

  /// Runs `body`, a rename that publishes the site, naming the folder if it fails.
  private func publish(_ body: () throws -> Void) throws {
    do {
      try body()
    } catch let error as FileSystemError {
      throw WriterError.io(path: path, operation: "publish the site", message: error.message)
    }
  }

  /// Finishes what a stopped build left: puts back a site moved aside, and
  /// removes a new manifest, or new rows (``RowCache``), not yet renamed
  /// into place. A staging folder
  /// stays: whether it is a spare to update or a leftover to remove, its
  /// manifest tells (``StagingTree/spare(at:manifest:current:)``).
  func recoverInterruptedPublish() throws {
    if FileSystem.exists(previousPath) {
      if !FileSystem.exists(path) {
        do {
          try FileSystem.rename(previousPath, to: path)
        } catch {
          throw WriterError.io(
            path: previousPath, operation: "restore the previous site", message: error.message)
        }
      } else {
        FileSystem.removeTree(at: previousPath)
      }
    }
    try? FileSystem.remove(newManifestPath)
    try? FileSystem.remove(newRowsPath)
  }

  /// Puts `manifest` in place of the folder's manifest with one rename, for
  /// a build that changed no file but learned more about them.
  func replaceManifest(with manifest: OutputManifest) throws {
    try? FileSystem.remove(newManifestPath)
    try WriterError.reporting {
      _ = try FileSystem.createFile(at: newManifestPath, with: manifest.bytes)
    }
    do {
      try FileSystem.rename(newManifestPath, to: manifestPath)
    } catch {
      try? FileSystem.remove(newManifestPath)
      throw WriterError.io(
        path: manifestPath, operation: "replace the manifest", message: error.message)
    }
  }
}
