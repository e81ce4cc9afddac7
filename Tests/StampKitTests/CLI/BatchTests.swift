import Testing
@testable import StampKitSupport
@testable import stampkit

private struct Refused: StampKitFailure {
    var failureClass: FailureClass
    var code: String { "refused" }
    var message: String
}

@Suite struct BatchTests {
    @Test func exitClassIsTheFirstFailureInInputOrderNotTheFirstToFinish() {
        let batch = Batch(count: 3, terminal: Terminal())
        #expect(batch.claim() == 0)
        #expect(batch.claim() == 1)
        #expect(batch.claim() == 2)
        // The third image fails first (a missing file is quick); the first fails later with
        // another class. A rerun where the timing differs must still exit with the first's class.
        batch.finish(2, lines: [], failure: CarriedFailure(Refused(failureClass: .input, message: "c.jpg: error: missing")))
        batch.finish(1, lines: [], failure: nil)
        #expect(batch.firstFailure == nil, "nothing is decided while the first image is still running")
        batch.finish(0, lines: [], failure: CarriedFailure(Refused(failureClass: .other, message: "a.jpg: error: broke")))
        #expect(batch.firstFailure == .other)
        #expect(batch.claim() == nil)
    }

    @Test(arguments: [
        ("64.13,-21.94", 64.13, -21.94), ("-33.92, 18.42", -33.92, 18.42), ("+90,-180", 90.0, -180.0), (".5,0.", 0.5, 0.0),
    ])
    func coordinatesReadAsDecimalDegrees(text: String, latitude: Double, longitude: Double) throws {
        let point = try Coordinates.parse(text, what: "--near")
        #expect(point.latitude == latitude && point.longitude == longitude)
    }

    @Test(arguments: ["64.1", "91,0", "0,181", "0x10,0", "1e2,0", "nan,0", "1,2,3", "a,b", ""])
    func coordinatesRefuseWhatIsNoPoint(text: String) {
        #expect(throws: UsageError.self) { try Coordinates.parse(text, what: "--near") }
    }
}
