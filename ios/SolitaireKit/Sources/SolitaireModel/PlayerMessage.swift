import SolitaireCore

/// What to tell the player about a failure from the core, in words rather than enum dumps.
public func playerMessage(for error: Error) -> String {
    guard let error = error as? GameError else {
        return "Something went wrong: \(error)"
    }
    switch error {
    case .CorruptSave(_, let keptAs):
        return "A saved file could not be read, so it was set aside (\(keptAs)). You can carry on playing."
    case .Storage(let detail):
        return "The game could not be saved: \(detail)"
    case .IllegalMove(let detail), .InvalidArgument(let detail):
        return detail
    }
}
