import Combine
import SolitaireCore
import SolitaireModel
import SwiftUI

/// The chooser, the game pushed over it, one place for messages, and the scene's life cycle.
@MainActor
struct RootView: View {
    let app: AppModel
    @Environment(\.scenePhase) private var scenePhase
    /// The game last pushed, kept while its screen slides away: `close` clears `app.current` at
    /// once, and the destination built again then would be empty for the whole animation.
    @State private var shown: GameModel?

    init(app: AppModel) {
        self.app = app
    }

    var body: some View {
        NavigationStack {
            ChooserView(app: app)
                .navigationDestination(isPresented: isPlaying) {
                    if let game = app.current ?? shown, let info = gameCatalog().first(where: { $0.kind == game.kind }) {
                        GameScreen(app: app, game: game, info: info, statistics: { statistics(of: game.kind) }, onLeave: { app.close() })
                    }
                }
        }
        .onChange(of: app.current.map(ObjectIdentifier.init), initial: true) { _, _ in
            if let game = app.current {
                shown = game
            }
        }
        // While a sheet is up the root cannot present, so the sheet shows the message.
        .modifier(PlayerMessageAlert(app: app, isTop: !app.isSheetShown))
        // Midnight with the app on screen: the chooser's daily deals become the new day's
        // (a night in the background is caught by `resume`).
        .onReceive(NotificationCenter.default.publisher(for: .NSCalendarDayChanged).receive(on: DispatchQueue.main)) { _ in
            app.refreshOverview()
        }
        .onChange(of: scenePhase) { _, phase in
            switch phase {
            // Inactive comes first (the app switcher, a call, Control Center) and may be the
            // last the app sees before it is suspended: stop the clock and save then, leaving
            // a search asked for to finish; the background stops the searches too.
            case .inactive: app.interrupt()
            case .background: app.pause()
            case .active: app.resume()
            @unknown default: break
            }
        }
    }

    private func statistics(of kind: GameKind) -> GameOverview? {
        app.refreshOverview()
        return app.overview.first(where: { $0.info.kind == kind })
    }

    /// Going back from the game (button or swipe) closes it: saved, clock stopped.
    private var isPlaying: Binding<Bool> {
        Binding(get: { @MainActor in app.current != nil }, set: { @MainActor shown in if !shown { app.close() } })
    }
}

/// The player's messages (`AppModel.message`) as an alert, shown by whichever layer is on top.
@MainActor
struct PlayerMessageAlert: ViewModifier {
    let app: AppModel
    let isTop: Bool
    @Environment(\.words) private var words

    func body(content: Content) -> some View {
        content.alert(words.text("ui_app_name"), isPresented: isShown, presenting: app.message) { _ in
            Button(words.text("ui_ok")) {}
        } message: { text in
            Text(text)
        }
    }

    private var isShown: Binding<Bool> {
        Binding(get: { @MainActor in isTop && app.message != nil }, set: { @MainActor shown in if !shown { app.message = nil } })
    }
}

extension View {
    /// For a sheet's content: it shows the player's messages while it is up (the root then
    /// cannot).
    func playerMessagesOverSheet(_ app: AppModel) -> some View {
        modifier(PlayerMessageAlert(app: app, isTop: true))
            .onAppear { app.isSheetShown = true }
            .onDisappear { app.isSheetShown = false }
    }
}
