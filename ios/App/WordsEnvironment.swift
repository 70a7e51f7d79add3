import SolitaireModel
import SwiftUI

/// The player's words, for every view: `@Environment(\.words)`. The app sets the app model's
/// (`SolitaireApp`); a preview gets the device's language.
private struct WordsKey: EnvironmentKey {
    static let defaultValue = Words.preferred()
}

extension EnvironmentValues {
    var words: Words {
        get { self[WordsKey.self] }
        set { self[WordsKey.self] = newValue }
    }
}
