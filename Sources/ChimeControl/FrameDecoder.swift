/// Collects bytes as they arrive on a connection and cuts them into framed payloads.
package struct FrameDecoder {
    /// A frame announced a payload larger than allowed.
    package struct OversizedFrame: Error, Hashable {
        /// The announced payload length.
        package let length: Int

        /// A frame that announced `length` bytes.
        package init(length: Int) {
            self.length = length
        }
    }

    private let maximumPayloadLength: Int
    private var buffer: [UInt8] = []
    private var start = 0

    /// A decoder accepting payloads up to `maximumPayloadLength` bytes.
    package init(maximumPayloadLength: Int = ControlFrame.maximumPayloadLength) {
        self.maximumPayloadLength = maximumPayloadLength
    }

    /// Whether part of a frame has arrived and the rest has not.
    package var hasPartialFrame: Bool { start < buffer.count }

    /// Adds bytes read from the connection.
    package mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if start > 0 && start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete payload, or nil when more bytes are needed; throws as soon as a header
    /// announces an oversized payload, without waiting for its bytes.
    package mutating func nextPayload() throws(OversizedFrame) -> [UInt8]? {
        let available = buffer.count - start
        guard available >= ControlFrame.headerLength else { return nil }
        let length = ControlFrame.payloadLength(header: buffer[start...])
        guard length <= maximumPayloadLength else { throw OversizedFrame(length: length) }
        guard available >= ControlFrame.headerLength + length else { return nil }
        let payloadStart = start + ControlFrame.headerLength
        let payload = Array(buffer[payloadStart..<(payloadStart + length)])
        start = payloadStart + length
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
        return payload
    }
}
