import SolitaireCore
import SwiftUI

/// The core's rules text for one game, a paragraph per entry.
struct RulesView: View {
    let info: GameInfo
    @Environment(\.dismiss) private var dismiss

    init(info: GameInfo) {
        self.info = info
    }

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 12) {
                Text(info.summary).font(.headline)
                ForEach(Array(info.rules.enumerated()), id: \.offset) { _, paragraph in
                    Text(paragraph)
                }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            .padding()
        }
        .navigationTitle(info.name)
        .toolbar {
            Button("Done") { dismiss() }
        }
    }
}
