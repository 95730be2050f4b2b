import Foundation
import Testing
@testable import LottieRender

/// What a render worker ended by a signal says: its own CPU-time limit (SIGXCPU) is a hang that
/// was stopped, not a crash (optimize said "crashed (signal 24)" on rlottie's infinite-loop repro).
@Suite("render: a worker ended by a signal")
struct WorkerSignalTests {
  @Test func cpuLimitIsAHangAndASegfaultACrash() {
    let hang = IsolatedRenderer.killed(by: SIGXCPU, "loop.json").message
    #expect(hang.contains("loop.json") && hang.contains("CPU time") && !hang.contains("crashed"), "\(hang)")
    let crash = IsolatedRenderer.killed(by: SIGSEGV, "bad.json").message
    #expect(crash.contains("crashed (segmentation fault)"), "\(crash)")
    #expect(IsolatedRenderer.killed(by: SIGTERM, "x.json").message.contains("signal \(SIGTERM)"))
  }
}
