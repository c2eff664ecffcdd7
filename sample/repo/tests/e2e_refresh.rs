#[test]
fn waits() {
    std::thread::sleep(std::time::Duration::from_millis(500));
}
