import StampKit

print("stampkit \(StampKit.version)")
