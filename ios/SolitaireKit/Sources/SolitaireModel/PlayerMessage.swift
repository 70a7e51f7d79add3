import SolitaireCore

/// What to tell the player about a failure from the core, in `words` rather than enum dumps.
public func playerMessage(for error: Error, in words: Words) -> String {
    guard let error = error as? GameError else {
        return words.text("msg_something_wrong", "\(error)")
    }
    switch error {
    case .CorruptSave(_, let keptAs):
        // The file's name only: the rest of the path is the app's sandbox, which means nothing
        // to the player.
        let name = keptAs.split(separator: "/").last.map(String.init) ?? keptAs
        return words.text("msg_file_set_aside", name)
    case .Storage(_, let phrase):
        // The core's words for the cause ("… the device is full"), not the system's English.
        return words.say(phrase)
    case .IllegalMove:
        return words.text("msg_move_refused")
    case .InvalidArgument(let detail):
        return words.text("msg_something_wrong", detail)
    case .InUse:
        // Another process has the game open: the desktop's terminal game or window (an iPhone
        // runs one copy of the app).
        return words.text("msg_game_in_use")
    }
}
