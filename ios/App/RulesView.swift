import SolitaireCore
import SolitaireModel
import SwiftUI

/// One game's rules in the player's language (the catalogue's text for the core's key), a
/// paragraph per entry.
struct RulesView: View {
    let info: GameInfo
    @Environment(\.dismiss) private var dismiss
    @Environment(\.words) private var words

    init(info: GameInfo) {
        self.info = info
    }

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 12) {
                Text(words.summary(info)).font(.headline)
                ForEach(Array(words.rules(info).enumerated()), id: \.offset) { _, paragraph in
                    Text(paragraph)
                }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            .padding()
        }
        .navigationTitle(words.text("ui_rules_title", words.name(info)))
        .toolbar {
            Button(words.text("ui_done")) { dismiss() }
        }
    }
}
