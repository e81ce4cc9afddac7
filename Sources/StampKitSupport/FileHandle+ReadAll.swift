import Foundation

#if canImport(Glibc)
import Glibc
#endif

extension FileHandle {
    /// Everything left to read, as `readDataToEndOfFile()` gives it, except that a read a
    /// signal interrupts (EINTR: a child process ending while the parent waits on its pipe) is
    /// tried again, where Foundation's own stops the program on Linux. A read that fails for
    /// another reason ends the data there.
    public func readAll() -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return data
            }
        }
    }
}
