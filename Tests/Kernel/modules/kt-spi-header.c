// SPDX-License-Identifier: GPL-2.0
/*
 * kt-spi-header: the systemd VM's SPI0, as a Raspberry Pi's /dev/spidev0.0, on the header chip.
 *
 * Registers an spi-gpio controller (platform device "spi_gpio", id 0: bus 0; Debian's kernel
 * has spidev built in but not spi-gpio, so prepare builds drivers/spi/spi-gpio.c out of tree)
 * with a gpiod lookup table naming the lines of the gpio-sim chip labelled pinctrl-bcm2711
 * (Tests/Kernel/pi4-header.lines): SCLK BCM 11, MOSI BCM 10, MISO BCM 9, CE0 BCM 8, as SPI0
 * is wired on a Pi. The chip is made later (guest/systemd-prepare): until then spi-gpio's probe
 * defers, and the host-root VM, which has no such chip, never gets the controller. Once
 * spi-gpio is bound, chip select 0 gets an spidev device (modalias "dh2228fv": spidev's id
 * table lists vendor parts only), so nixie opens /dev/spidev0.0 and every bit it sends is a
 * gpio_value write on the header chip's lines. Unbinding spi_gpio.0 (sysfs) frees the four
 * lines, as a Pi with SPI off; binding it again makes spidev0.0 again.
 *
 * Built out of tree by Tests/Kernel/prepare (for Debian 12's amd64 kernel and trixie's arm64
 * ones); init loads it with spi-gpio and spidev.
 */
#include <linux/device.h>
#include <linux/gpio/machine.h>
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/spi/spi.h>
#include <linux/spi/spi_gpio.h>
#include <linux/workqueue.h>

#define KT_CHIP "pinctrl-bcm2711"
#define KT_BUS 0

static struct gpiod_lookup_table kt_lookup = {
	.dev_id = "spi_gpio.0",
	.table = {
		GPIO_LOOKUP(KT_CHIP, 11, "sck", GPIO_ACTIVE_HIGH),
		GPIO_LOOKUP(KT_CHIP, 10, "mosi", GPIO_ACTIVE_HIGH),
		GPIO_LOOKUP(KT_CHIP, 9, "miso", GPIO_ACTIVE_HIGH),
		/* spi-gpio drives chip selects active low itself (unless SPI_CS_HIGH). */
		GPIO_LOOKUP_IDX(KT_CHIP, 8, "cs", 0, GPIO_ACTIVE_HIGH),
		{ },
	},
};

static struct spi_gpio_platform_data kt_pdata = {
	.num_chipselect = 1,
};

static struct platform_device *kt_pdev;
static struct spi_device *kt_spidev;
static DEFINE_MUTEX(kt_lock);

static int kt_is_controller(struct device *dev, void *data)
{
	return dev->class && !strcmp(dev->class->name, "spi_master");
}

/* spidev on chip select 0: modalias "dh2228fv", a part spidev's id table lists (since before 6.1;
 * a driver_override has no API common to 6.1 and 6.12). spi_new_device fills in what each
 * version's struct spi_device needs (6.12 has several chip selects a device). */
static struct spi_board_info kt_spidev_info = {
	.modalias = "dh2228fv",
	.max_speed_hz = 2000000,
	.mode = SPI_MODE_2,
	.chip_select = 0,
};

/* Adds spidev on chip select 0 of the controller spi-gpio registered under kt_pdev. */
static void kt_add_spidev(struct work_struct *work)
{
	struct device *dev;
	struct spi_controller *ctlr;
	struct spi_device *spi;

	mutex_lock(&kt_lock);
	if (kt_spidev || !kt_pdev)
		goto out;
	dev = device_find_child(&kt_pdev->dev, NULL, kt_is_controller);
	if (!dev) {
		pr_err("kt-spi-header: spi_gpio.0 is bound but has no SPI controller\n");
		goto out;
	}
	ctlr = container_of(dev, struct spi_controller, dev);
	spi = spi_new_device(ctlr, &kt_spidev_info);
	if (!spi) {
		pr_err("kt-spi-header: adding spidev on spi%d.0 failed\n", KT_BUS);
	} else {
		kt_spidev = spi;
		pr_info("kt-spi-header: spidev on spi%d.0 (SCLK 11, MOSI 10, MISO 9, CE0 8 of %s)\n",
			KT_BUS, KT_CHIP);
	}
	put_device(dev);
out:
	mutex_unlock(&kt_lock);
}

static DECLARE_WORK(kt_work, kt_add_spidev);

static int kt_notify(struct notifier_block *nb, unsigned long action, void *data)
{
	struct device *dev = data;

	if (!kt_pdev || dev != &kt_pdev->dev)
		return NOTIFY_DONE;
	if (action == BUS_NOTIFY_BOUND_DRIVER) {
		schedule_work(&kt_work);
	} else if (action == BUS_NOTIFY_UNBIND_DRIVER) {
		/* spi-gpio's controller goes, and unregisters spidev0.0 with it. */
		flush_work(&kt_work);
		mutex_lock(&kt_lock);
		kt_spidev = NULL;
		mutex_unlock(&kt_lock);
	}
	return NOTIFY_DONE;
}

static struct notifier_block kt_nb = {
	.notifier_call = kt_notify,
};

static int __init kt_init(void)
{
	struct platform_device *pdev;
	int ret;

	gpiod_add_lookup_table(&kt_lookup);
	ret = bus_register_notifier(&platform_bus_type, &kt_nb);
	if (ret)
		goto remove_table;
	pdev = platform_device_register_data(NULL, "spi_gpio", KT_BUS, &kt_pdata, sizeof(kt_pdata));
	if (IS_ERR(pdev)) {
		ret = PTR_ERR(pdev);
		goto unregister_notifier;
	}
	mutex_lock(&kt_lock);
	kt_pdev = pdev;
	mutex_unlock(&kt_lock);
	/* spi-gpio may have bound already (loaded first, chip there): no notification then. */
	if (READ_ONCE(pdev->dev.driver))
		schedule_work(&kt_work);
	return 0;

unregister_notifier:
	bus_unregister_notifier(&platform_bus_type, &kt_nb);
remove_table:
	gpiod_remove_lookup_table(&kt_lookup);
	return ret;
}

static void __exit kt_exit(void)
{
	bus_unregister_notifier(&platform_bus_type, &kt_nb);
	cancel_work_sync(&kt_work);
	mutex_lock(&kt_lock);
	if (kt_spidev)
		spi_unregister_device(kt_spidev);
	kt_spidev = NULL;
	platform_device_unregister(kt_pdev);
	kt_pdev = NULL;
	mutex_unlock(&kt_lock);
	gpiod_remove_lookup_table(&kt_lookup);
}

module_init(kt_init);
module_exit(kt_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Kernel tests: spi-gpio and spidev on the gpio-sim Raspberry Pi header chip");
