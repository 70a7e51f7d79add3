import SolitaireCore
import SolitaireModel
import Testing

@MainActor
@Suite("Undo and redo")
struct UndoRedoTests {
    @Test("Undo and redo step back and forth through exactly the tables played", arguments: allKinds)
    func undoAndRedoRestoreTheTableExactly(kind: GameKind) async throws {
        try await withTemporaryFolder { folder in
            let harness = try Harness(game: provenGame(kind), folder: folder)
            let model = harness.model
            let line = try openingLine(kind, 6)
            var positions = [model.game.positionJson()]
            var tables = [model.table]
            var previous: UInt32? = nil
            for step in line {
                previous = try playByTaps(step, on: model, previous: previous)
                positions.append(model.game.positionJson())
                tables.append(model.table)
            }

            for step in (0..<line.count).reversed() {
                model.undo()
                #expect(model.game.positionJson() == positions[step], "undo to move \(step)")
                #expect(model.table.cards.map(\.frame) == tables[step].cards.map(\.frame))
                #expect(model.table.piles == tables[step].piles)
            }
            #expect(!model.status.canUndo)
            for step in 1...line.count {
                model.redo()
                #expect(model.game.positionJson() == positions[step], "redo to move \(step)")
                #expect(model.table.piles == tables[step].piles)
            }
            #expect(!model.status.canRedo)
            #expect(harness.reports.isEmpty)
        }
    }

    @Test("Undo with nothing to undo, and redo with nothing to redo, change nothing and say nothing")
    func undoAndRedoAtTheEndsChangeNothing() async throws {
        try await withTemporaryFolder { folder in
            let harness = try Harness(game: Game(kind: .dnieper, deal: 2), folder: folder)
            let before = harness.model.table
            harness.model.undo()
            harness.model.redo()
            #expect(harness.model.table == before)
            #expect(harness.reports.isEmpty)
        }
    }
}
