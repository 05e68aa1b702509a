import Dispatch
import XCTest

@testable import ImgselCommands

/// `ExportMemory` lets pictures run at once only as far as the budget holds, and one too big for it alone.
final class ExportMemoryGateTests: XCTestCase {
    func testASecondPictureWaitsUntilTheFirstGivesBackWhatDoesNotFitBesideIt() {
        let memory = ExportMemory(budget: ExportMemory.processBytes + 100)
        memory.reserve(60)
        let started = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            started.signal()
            memory.reserve(60)
            memory.release(60)
            done.signal()
        }
        started.wait()
        XCTAssertEqual(done.wait(timeout: .now() + 0.2), .timedOut, "60 + 60 is over 100: it waits")
        memory.release(60)
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "then runs")
    }

    func testPicturesThatFitRunTogetherAndOneOverTheBudgetRunsAlone() {
        let memory = ExportMemory(budget: ExportMemory.processBytes + 100)
        memory.reserve(40)
        memory.reserve(40)
        memory.release(40)
        memory.release(40)
        memory.reserve(1000)
        memory.release(1000)
    }
}
