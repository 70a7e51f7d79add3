import SolitaireCore

/// What to tell the player about a failure from the core, in words rather than enum dumps.
public func playerMessage(for error: Error) -> String {
    guard let error = error as? GameError else {
        return "Something went wrong: \(error)"
    }
    switch error {
    case .CorruptSave(_, let keptAs):
        // The file's name only: the rest of the path is the app's sandbox, which means nothing
        // to the player.
        let name = keptAs.split(separator: "/").last.map(String.init) ?? keptAs
        return "A saved file could not be read, so it was set aside (\(name)). You can carry on playing."
    case .Storage(let detail):
        return "The game could not be saved: \(detail)"
    case .IllegalMove(let detail), .InvalidArgument(let detail):
        return detail
    }
}
