import Foundation
import SolitaireCore
import SolitaireModel
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@MainActor
@Suite("Damaged saves")
struct CorruptSaveTests {
    private let garbage = Data("{ this is not a saved game".utf8)

    private func slug(_ kind: GameKind) throws -> String {
        try #require(gameCatalog().first { $0.kind == kind }).slug
    }

    /// Files in `folder` whose names mark them as set aside.
    private func keptAside(in folder: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.contains(".corrupt-") }
    }

    @Test("A damaged save is kept aside untouched, the player is told, and a new game is dealt", arguments: allKinds)
    func aDamagedSaveIsKeptAsideAndReported(kind: GameKind) async throws {
        try await withTemporaryFolder { folder in
            try garbage.write(to: folder.appendingPathComponent("\(try slug(kind)).json"))

            let app = try AppModel(directory: folder)
            app.open(kind)
            let message = try #require(app.message, "the player was not told")
            let kept = try keptAside(in: folder)
            #expect(kept.count == 1)
            let keptName = try #require(kept.first).lastPathComponent
            #expect(message.contains(keptName), "the message does not say where the file was kept: \(message)")
            #expect(!message.contains(folder.path), "the message shows the app's folders: \(message)")
            let model = try #require(app.current)
            #expect(model.kind == kind)
            #expect(model.status.moves == 0)

            // Playing on saves the new game beside the kept file, never over it.
            model.setViewport(phone)
            model.play(try #require(legalMoves(of: model.game).first))
            app.close()
            #expect(try Data(contentsOf: folder.appendingPathComponent(keptName)) == garbage)
            #expect(try Store.open(dir: folder.path).resume(kind: kind)?.positionJson() == model.game.positionJson())
        }
    }

    @Test("A save the disk cannot read for now opens nothing: a new deal would be saved over it")
    func aSaveThatCannotBeReadOpensNothing() async throws {
        try await withTemporaryFolder { folder in
            let kind = GameKind.chequers
            let app = try AppModel(directory: folder)
            // The folder turned into a file: every read fails, as a failing disk's would. (What
            // is no file, a folder in a save's place say, is put aside as a damaged save is.)
            try FileManager.default.removeItem(at: folder)
            #expect(FileManager.default.createFile(atPath: folder.path, contents: Data()))
            app.open(kind)
            #expect(app.current == nil)
            #expect(app.message == app.words.text("msg_saved_unopenable"))
            app.message = nil
            app.openDaily(kind)
            #expect(app.current == nil)
            #expect(app.message == app.words.text("msg_daily_unopenable"))
            app.close()
            let size = try FileManager.default.attributesOfItem(atPath: folder.path)[.size] as? Int
            #expect(size == 0, "nothing was written over it")
        }
    }

    @Test("A game another process has open is not opened here: each would save over the other")
    func aGameOpenElsewhereIsNotOpened() async throws {
        try await withTemporaryFolder { folder in
            let kind = GameKind.chequers
            // The other process's lock, taken as the core takes it (`flock` on the game's lock file).
            let lock = folder.appendingPathComponent("\(try slug(kind)).lock").path
            let fd = open(lock, O_RDWR | O_CREAT, 0o644)
            defer { close(fd) }
            try #require(fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0)
            let app = try AppModel(directory: folder)
            app.open(kind)
            #expect(app.current == nil)
            #expect(app.message == app.words.text("msg_game_in_use"))
        }
    }

    @Test("The store raises the typed error once, keeps the file, and carries on")
    func theStoreRaisesTheTypedErrorOnce() async throws {
        try await withTemporaryFolder { folder in
            let kind = GameKind.chequers
            try garbage.write(to: folder.appendingPathComponent("\(try slug(kind)).json"))
            let store = try Store.open(dir: folder.path)

            let error = try #require(throws: GameError.self) { try store.resume(kind: kind) }
            guard case .CorruptSave(_, let keptAs) = error else {
                Issue.record("expected GameError.CorruptSave, got \(error)")
                return
            }
            #expect(FileManager.default.fileExists(atPath: keptAs))
            #expect(try store.resume(kind: kind) == nil)
            try store.save(game: Game(kind: kind, deal: 42))
            #expect(try store.resume(kind: kind)?.status().deal == 42)
        }
    }

    @Test("Damaged statistics are kept aside and reported, and the chooser starts them afresh")
    func damagedStatisticsAreReported() async throws {
        try await withTemporaryFolder { folder in
            // The store keeps its statistics in stats.json (core/src/store.rs).
            try garbage.write(to: folder.appendingPathComponent("stats.json"))

            let app = try AppModel(directory: folder)
            #expect(app.message != nil)
            #expect(app.overview.count == allKinds.count)
            #expect(try keptAside(in: folder).count == 1)
        }
    }
}
