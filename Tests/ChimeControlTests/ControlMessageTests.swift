import ChimeControl
import ChimeCore
import Foundation
import Testing

/// `value` as the control socket carries it.
private func json(_ value: some Encodable) throws -> String {
    String(decoding: try JSONCoding.encode(value), as: UTF8.self)
}

private func decode<Value: Decodable>(_ type: Value.Type, _ text: String) throws -> Value {
    try JSONCoding.decode(type, from: Data(text.utf8))
}

@Suite("Control messages")
struct ControlMessageTests {
    @Test("requests have a type on the wire")
    func requestShapes() throws {
        #expect(try json(ControlRequest.ping) == #"{"type":"ping"}"#)
        #expect(try json(ControlRequest.status) == #"{"type":"status"}"#)
        #expect(try json(ControlRequest.changed(sequence: 42)) == #"{"sequence":42,"type":"changed"}"#)
        for request in [ControlRequest.ping, .status, .changed(sequence: Int64.max)] {
            #expect(try decode(ControlRequest.self, json(request)) == request)
        }
    }

    @Test("an unknown request type decodes to an unsupported_request error")
    func unknownRequest() {
        #expect(throws: ControlError.self) { try decode(ControlRequest.self, #"{"type":"reboot"}"#) }
        do {
            _ = try decode(ControlRequest.self, #"{"type":"reboot"}"#)
        } catch let error as ControlError {
            #expect(error.code == .unsupportedRequest)
            #expect(error.message.contains("reboot"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("a changed request without its sequence is malformed")
    func changedNeedsSequence() {
        #expect(throws: DecodingError.self) { try decode(ControlRequest.self, #"{"type":"changed"}"#) }
    }

    @Test("responses round-trip, with the deadline exact")
    func responsesRoundTrip() throws {
        let daemon = DaemonIdentity(pid: 4321, version: "0.1.0")
        let deadline = Date(timeIntervalSince1970: 1_790_000_000.123_456)
        let responses: [ControlResponse] = [
            .pong(daemon),
            .status(DaemonStatus(armedDeadline: deadline, pendingCount: 3, notificationServer: "available",
                                 lastAppliedSequence: 17, daemon: daemon)),
            .status(DaemonStatus(armedDeadline: nil, pendingCount: 0, notificationServer: "absent",
                                 lastAppliedSequence: 0, daemon: daemon)),
            .changeApplied(sequence: 18),
            .error(ControlError(.busy, "try again")),
        ]
        for response in responses {
            #expect(try decode(ControlResponse.self, json(response)) == response)
        }
    }

    @Test("response shapes on the wire")
    func responseShapes() throws {
        let daemon = DaemonIdentity(pid: 7, version: "0.1.0")
        #expect(try json(ControlResponse.pong(daemon)) == #"{"daemon":{"pid":7,"version":"0.1.0"},"type":"pong"}"#)
        #expect(try json(ControlResponse.changeApplied(sequence: 5)) == #"{"appliedSequence":5,"type":"changed"}"#)
        #expect(try json(ControlResponse.error(ControlError(.frameTooLarge, "too big")))
            == #"{"error":{"code":"frame_too_large","message":"too big"}}"#)
        let status = ControlResponse.status(DaemonStatus(
            armedDeadline: Date(timeIntervalSince1970: 1_800_000_000.5), pendingCount: 2,
            notificationServer: "available", lastAppliedSequence: 9, daemon: daemon))
        #expect(try json(status) == #"{"armedDeadline":1800000000.5,"away":false,"daemon":{"pid":7,"version":"0.1.0"},"doNotDisturb":false,"heldCount":0,"lastAppliedSequence":9,"notificationServer":"available","pendingCount":2,"type":"status","waitingForRoom":0}"#)
        // A daemon from before do-not-disturb did not send those fields.
        let old = try JSONCoding.decode(DaemonStatus.self, from: Data(#"{"armedDeadline":null,"daemon":{"pid":7,"version":"0.1.0"},"lastAppliedSequence":9,"notificationServer":"available","pendingCount":2}"#.utf8))
        #expect(!old.doNotDisturb && old.heldCount == 0 && !old.away)
        let idle = ControlResponse.status(DaemonStatus(
            armedDeadline: nil, pendingCount: 0, notificationServer: "absent", lastAppliedSequence: 0, daemon: daemon))
        #expect(try json(idle).contains(#""armedDeadline":null"#))
    }

    @Test("error codes unknown to this version still decode")
    func unknownErrorCode() throws {
        let response = try decode(ControlResponse.self, #"{"error":{"code":"quota","message":"later"}}"#)
        #expect(response == .error(ControlError(ControlError.Code(rawValue: "quota"), "later")))
    }

    @Test("a refusal names its sentence, so chime writes it in its own language")
    func refusalInTheReadersLanguage() throws {
        let refusal = ControlError(.forbidden, .otherUser, ["uid": "1000"])
        #expect(try json(ControlResponse.error(refusal))
            == #"{"error":{"code":"forbidden","message":"chimed takes commands only from uid 1000","reason":"other_user","values":{"uid":"1000"}}}"#)
        let read = try decode(ControlResponse.self, json(ControlResponse.error(refusal)))
        guard case .error(let error) = read else { Issue.record("\(read)"); return }
        #expect(error.text(in: .simplifiedChinese) == "chimed 只接受 uid 1000 的命令")
        #expect(error.text(in: .english) == "chimed takes commands only from uid 1000")
        // Braces inside a value are the value's, not a placeholder.
        #expect(ControlError(.malformedRequest, .notARequest, ["example": #"{"type":"ping"}"#]).text(in: .simplifiedChinese)
            == #"控制消息必须是 JSON 对象，例如 {"type":"ping"}"#)
    }

    @Test("a value given in every language is used in each")
    func localizedValue() throws {
        let reason = LocalizedText { $0 == .english ? "disk full" : "磁盘已满" }
        let error = try decode(ControlError.self, json(ControlError(.internalFailure, .changesUnreadable, localized: ["reason": reason])))
        #expect(error.message == "chimed could not read the store's changes (disk full): it will retry by itself")
        #expect(error.text(in: .simplifiedChinese) == "chimed 无法读取存储中的更改（磁盘已满）：它会自行重试")
    }

    @Test("an older daemon's sentence, an unknown reason or missing values: the message as sent")
    func oldReasonShownAsIs() throws {
        let old = try decode(ControlError.self, #"{"code":"busy","message":"chimed is busy: try again"}"#)
        #expect(old.text(in: .simplifiedChinese) == "chimed is busy: try again")
        let newer = try decode(ControlError.self, #"{"code":"quota","message":"over quota","reason":"over_quota","values":{"n":"3"}}"#)
        #expect(newer.text(in: .simplifiedChinese) == "over quota")
        let short = try decode(ControlError.self, #"{"code":"forbidden","message":"only uid 7","reason":"other_user"}"#)
        #expect(short.text(in: .simplifiedChinese) == "only uid 7")
    }

    @Test("frames carry a big-endian length")
    func framing() {
        #expect(ControlFrame.frame(Array("abc".utf8)) == [0, 0, 0, 3, 97, 98, 99])
        #expect(ControlFrame.payloadLength(header: [0, 1, 0, 1]) == 65537)
        #expect(ControlFrame.maximumPayloadLength == 65536)
    }

    @Test("the decoder cuts frames across reads and several frames from one read")
    func decoderReassembles() throws {
        var decoder = FrameDecoder()
        let bytes = ControlFrame.frame(Array("first".utf8)) + ControlFrame.frame(Array("second".utf8))
        bytes[..<3].withUnsafeBytes { decoder.append($0) }
        #expect(try decoder.nextPayload() == nil)
        #expect(decoder.hasPartialFrame)
        bytes[3...].withUnsafeBytes { decoder.append($0) }
        #expect(try decoder.nextPayload() == Array("first".utf8))
        #expect(try decoder.nextPayload() == Array("second".utf8))
        #expect(try decoder.nextPayload() == nil)
        #expect(!decoder.hasPartialFrame)
    }

    @Test("the decoder refuses an oversized frame from its header alone; 64 KiB exactly is allowed")
    func decoderLimits() throws {
        var decoder = FrameDecoder()
        ([0, 1, 0, 1] as [UInt8]).withUnsafeBytes { decoder.append($0) }
        #expect(throws: FrameDecoder.OversizedFrame(length: 65537)) { try decoder.nextPayload() }

        var exact = FrameDecoder()
        ControlFrame.frame([UInt8](repeating: 32, count: 65536)).withUnsafeBytes { exact.append($0) }
        #expect(try exact.nextPayload()?.count == 65536)
    }
}
