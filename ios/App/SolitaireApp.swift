import Foundation
import SolitaireModel
import SwiftUI

@main
struct SolitaireApp: App {
    @State private var launch = Launch.open()

    var body: some Scene {
        WindowGroup {
            switch launch {
            case .ready(let app):
                RootView(app: app)
                    .environment(\.words, app.words)
            case .failed(let reason):
                ContentUnavailableView {
                    Label(Words.preferred().text("ui_store_unopenable"), systemImage: "exclamationmark.triangle")
                } description: {
                    Text(reason)
                }
            }
        }
    }
}

/// The store lives in Application Support: private to the app, backed up, never shown in Files.
enum Launch {
    case ready(AppModel)
    case failed(String)

    @MainActor
    static func open() -> Launch {
        do {
            let app = try AppModel(directory: URL.applicationSupportDirectory)
            // The player comes back to the game they left, not to the chooser.
            app.reopenLastGame()
            return .ready(app)
        } catch {
            return .failed(playerMessage(for: error, in: .preferred()))
        }
    }
}
