import Accessibility
import Foundation
import SolitaireCore
import SolitaireModel
import SwiftUI
import UIKit

/// One game: the table, its controls, its notices, and the confirmations before a game is
/// thrown away.
@MainActor
struct GameScreen: View {
    let app: AppModel
    let game: GameModel
    let info: GameInfo
    /// This game's statistics row, read fresh when the statistics page opens.
    let statistics: @MainActor () -> GameOverview?
    let onLeave: @MainActor () -> Void

    @State private var confirming: DealChoice? = nil
    @State private var page: Page? = nil
    @State private var statisticsRow: GameOverview? = nil
    /// A deal number typed in the sheet, dealt (after confirming) once the sheet is gone.
    @State private var typedDeal: UInt64? = nil
    @Environment(\.accessibilityVoiceOverEnabled) private var voiceOver
    @Environment(\.words) private var words

    init(
        app: AppModel,
        game: GameModel,
        info: GameInfo,
        statistics: @escaping @MainActor () -> GameOverview?,
        onLeave: @escaping @MainActor () -> Void
    ) {
        self.app = app
        self.game = game
        self.info = info
        self.statistics = statistics
        self.onLeave = onLeave
    }

    enum Page: String, Identifiable {
        case rules, statistics, dealNumber
        var id: String { rawValue }
    }

    var body: some View {
        TableView(game: game)
            .background(Felt.color)
            // Over the table rather than beside it, so a notice never changes the layout; at
            // the bottom, where the foundations never are and the tableau's fans seldom reach.
            .overlay(alignment: .bottom) {
                NoticeBanner(game: game, onDeal: { deal($0) })
            }
            .overlay {
                if game.status.state == .won {
                    WinView(status: game.status, stats: game.winStats, onDeal: { deal($0) }, onLeave: { onLeave() })
                }
            }
            .navigationTitle(words.title(info, daily: game.isDaily))
            .navigationBarTitleDisplayMode(.inline)
            // The bars get their own background: over the felt, the tint (a green) would be
            // green on green.
            .toolbarBackground(.visible, for: .navigationBar, .bottomBar)
            // VoiceOver hears what a move, a hint, a win and a loss did; the screen shows it. Not the
            // winning move (the win's words follow at once and would cut it off, or it them),
            // nor each of "show me"'s moves (one every half second: only fragments would be
            // heard; its notice says it plays, and its win is announced).
            .onChange(of: game.status.moves) {
                if voiceOver, game.status.state == .playing, game.showMe == .idle, let said = game.moveAnnouncement() {
                    announce(said)
                }
            }
            // Nor the move that leaves none: the notice that then shows is said instead. The
            // notices that stop play come with no words of their own (a hint's are said below).
            .onChange(of: game.notice) { _, notice in
                switch notice {
                case .noMoreMoves? where voiceOver: announce(words.text("ui_no_more_moves"))
                case .cannotBeWon? where voiceOver && game.cannotBeWonIsNews:
                    announce(words.text(game.cannotBeWonFromTheDeal ? "ui_unwinnable_deal_title" : "ui_unwinnable_title"))
                default: break
                }
            }
            // Undo to winnable proved the deal lost: the notice, already up, changes its words.
            .onChange(of: game.dealLost) { _, lost in
                if voiceOver, lost {
                    announce(words.text("ui_unwinnable_deal_title"))
                }
            }
            .onChange(of: game.hint) { _, hint in
                if voiceOver, let hint {
                    announce(words.say(hint.description))
                }
            }
            .onChange(of: game.refusal) { _, why in
                if voiceOver, let why {
                    announce(words.say(why))
                }
            }
            .onChange(of: game.status.state) { _, state in
                if voiceOver, state == .won {
                    announce(words.winTitle(game.status))
                }
            }
            .toolbar {
                ToolbarItem(placement: .topBarTrailing) {
                    GameClock(game: game, words: words)
                }
                GameControls(game: game, onDeal: { deal($0) }, onShow: { show($0) }, words: words)
            }
            .confirmationDialog(
                words.text("ui_throw_away_question"),
                isPresented: isConfirming,
                titleVisibility: .visible,
                presenting: confirming
            ) { choice in
                Button(words.dealTitle(choice), role: .destructive) {
                    withAnimation(.snappy) { game.deal(choice) }
                }
            } message: { _ in
                Text(words.text("ui_throw_away_text"))
            }
            .sheet(item: $page, onDismiss: { sheetClosed() }) { page in
                NavigationStack {
                    switch page {
                    case .rules: RulesView(info: info)
                    case .statistics: StatisticsView(rows: statisticsRow.map { [$0] } ?? [])
                    case .dealNumber: DealNumberSheet { typedDeal = $0 }
                    }
                }
                .playerMessagesOverSheet(app)
            }
    }

    /// Deals as chosen, asking first if that throws away a game with moves in it.
    private func deal(_ choice: DealChoice) {
        if game.needsConfirmation {
            confirming = choice
        } else {
            withAnimation(.snappy) { game.deal(choice) }
        }
    }

    private func show(_ page: Page) {
        if page == .statistics {
            statisticsRow = statistics()
        }
        // Rules and statistics cover the game, as Android's screens do: its clock stops, and
        // "show me" with it, until they close. The deal number is a question about the game,
        // as Android's dialog is: the clock runs on.
        if page != .dealNumber {
            game.cover()
        }
        // Reading the statistics may raise a message (a damaged file put aside): the sheet
        // shows it, not the root, which would present an alert in the same update as the sheet,
        // and one of the two would not show (a sheet that never shows never uncovers the game).
        app.isSheetShown = true
        self.page = page
    }

    private func sheetClosed() {
        game.uncover()
        dealTypedNumber()
    }

    /// High priority: VoiceOver reads the element just activated again as a move changes it,
    /// and that cut a default announcement off.
    private func announce(_ said: String) {
        var spoken = AttributedString(said)
        spoken.accessibilitySpeechAnnouncementPriority = .high
        AccessibilityNotification.Announcement(spoken).post()
    }

    private func dealTypedNumber() {
        guard let number = typedDeal else { return }
        typedDeal = nil
        deal(.number(number))
    }

    private var isConfirming: Binding<Bool> {
        Binding(get: { @MainActor in confirming != nil }, set: { @MainActor shown in if !shown { confirming = nil } })
    }
}

/// Moves and playing time, ticking every second while on screen.
@MainActor
private struct GameClock: View {
    let game: GameModel
    let words: Words

    var body: some View {
        TimelineView(.periodic(from: .now, by: 1)) { _ in
            let elapsed = game.elapsedMs()
            Text(words.movesAndTime(game.status, elapsedMs: elapsed))
                .font(.footnote.monospacedDigit())
                .accessibilityLabel(words.spokenMovesAndTime(game.status, elapsedMs: elapsed))
        }
    }
}

/// The green of the table, darker in dark mode.
enum Felt {
    static let color = Color(uiColor: UIColor { traits in
        traits.userInterfaceStyle == .dark
            ? UIColor(red: 0.03, green: 0.20, blue: 0.11, alpha: 1)
            : UIColor(red: 0.05, green: 0.42, blue: 0.24, alpha: 1)
    })
}
